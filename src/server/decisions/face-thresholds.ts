// Where the face match decides, on its own scale (see analysis/face-chip.ts for the pipeline).

/**
 * Face match thresholds on the distance between dlib descriptors of dlib-aligned chips (mean of
 * the chip and its mirror; lower is closer), derived from the ROC on real photos of real people:
 * 758 people, 1,806 same-person pairs, 1.58 million different-person pairs (LFW, ORL, Yale,
 * deepface's test photos; bench/real-data/README.md, bench/results/real-data.md). At ≤ 0.53
 * 0.085 % of different-person pairs are accepted and 6 % of same-person pairs are not (they go
 * to a specialist, never declined).
 */
export const FACE_MATCH_MAX = 0.53;
/**
 * At or past this distance the faces are another person's: 0.17 % of same-person pairs lie this
 * far apart on the real set, while 77 % of different-person pairs do.
 */
export const FACE_MISMATCH_MIN = 0.74;

/**
 * Distance within which a face found by searching many stored faces (repeat identities, the
 * blocklist) counts as the same face. Stricter than FACE_MATCH_MAX, which compares one pair: a
 * search compares the new face with every stored one, so its false matches add up (N × FMR). On
 * the same real set, all 1,581,507 different-person pairs: at ≤ 0.53, 8.5e-4 of them match (an
 * organisation with 10,000 verifications would flag nearly every honest newcomer); at ≤ 0.40,
 * 5.1e-6 (~5 % of newcomers falsely flagged at 10,000 stored, 0.05 % against a 100-face
 * blocklist), while 48 % of same-person pairs of different photos are still found.
 */
export const FACE_SEARCH_MAX = 0.4;
