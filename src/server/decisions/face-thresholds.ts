// Where the face match decides, on its own scale (see analysis/face-chip.ts for the pipeline).

/**
 * Face match thresholds on the distance between dlib descriptors of dlib-aligned chips (lower is
 * closer), derived from the ROC on real photos of real people: 758 people, 1,806 same-person
 * pairs, 1.58 million different-person pairs (LFW, ORL, Yale, deepface's test photos;
 * bench/real-data/README.md, bench/results/real-data.md). At ≤ 0.54 about 0.1 % of
 * different-person pairs are accepted and ~7 % of same-person pairs are not (they go to a
 * specialist, never declined).
 */
export const FACE_MATCH_MAX = 0.54;
/**
 * At or past this distance the faces are another person's: fewer than 0.2 % of same-person
 * pairs lie this far apart (0.747 on the real set), while ~78 % of different-person pairs do.
 */
export const FACE_MISMATCH_MIN = 0.75;
