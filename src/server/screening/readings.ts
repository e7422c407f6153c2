// Han characters are read differently in Chinese, Korean and Japanese: 金正恩 is "Jin Zheng En" in
// Chinese and "Kim Jong Un" in Korean; 山田太郎 is "Shan Tian Tai Lang" in Chinese and "Yamada
// Taro" in Japanese. A name written in Han (or Kana) is screened under each reading, so a list
// spelling it in Latin is found whichever language the name is in. The Chinese reading is the
// transliteration itself (normalize.ts); this adds the Korean (hanja, MIT) and the Japanese one
// (kuromoji with its IPADIC dictionary, Apache-2.0; loaded on first use, from node_modules).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import hanjaModule from 'hanja';
import type * as Kuromoji from 'kuromoji';
import type { Tokenizer, IpadicFeatures } from 'kuromoji';

// hanja is CommonJS with its API under `default`; ESM and bundlers give either shape.
const hanja = ((hanjaModule as unknown as { default?: typeof hanjaModule }).default ?? hanjaModule);

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/u;
const KANA = /[\u3040-\u30ff]/u;

/** True when a name has Han or Kana characters, so other readings apply. */
export const hasHanOrKana = (s: string): boolean => HAN.test(s) || KANA.test(s);

let tokenizer: Promise<Tokenizer<IpadicFeatures> | null> | null = null;

/** The Japanese tokenizer, built once (about a second); null when its dictionary cannot be read. */
function japanese(): Promise<Tokenizer<IpadicFeatures> | null> {
  tokenizer ??= (async () => {
    try {
      const require = createRequire(import.meta.url);
      const kuromoji = require('kuromoji') as typeof Kuromoji;
      const dicPath = join(dirname(require.resolve('kuromoji/package.json')), 'dict');
      return await new Promise<Tokenizer<IpadicFeatures> | null>((resolve) => {
        kuromoji.builder({ dicPath }).build((err, t) => resolve(err ? null : t));
      });
    } catch {
      return null;
    }
  })();
  return tokenizer;
}

/**
 * The Korean reading of a Han name in Hangul. 金 as the first character is the surname Kim (김),
 * not the word "gold" (금) the general reading gives.
 */
export function koreanReading(name: string): string | null {
  if (!HAN.test(name)) return null;
  const words = name.trim().split(/\s+/u).map((w, i) => {
    const lead = i === 0 && w.startsWith('金') ? `김${w.slice(1)}` : w;
    return hanja.translate(lead, 'SUBSTITUTION');
  });
  const out = words.join(' ');
  return out !== name && !HAN.test(out) ? out : null;
}

/** The Japanese reading of a Han/Kana name in Katakana, word by word ("ヤマダ タロウ"); null if it has no reading. */
export async function japaneseReading(name: string): Promise<string | null> {
  if (!hasHanOrKana(name)) return null;
  const t = await japanese();
  if (!t) return null;
  const tokens = t.tokenize(name.trim());
  // A character with no Japanese reading (simplified Chinese 习, 伟) means the name is not Japanese.
  if (tokens.some((k) => !k.reading && HAN.test(k.surface_form))) return null;
  return tokens.map((k) => k.reading ?? k.surface_form).join(' ');
}

/** A name and its other readings (Korean, Japanese) when it is written in Han or Kana; the name alone otherwise. */
export async function readingsOf(name: string): Promise<string[]> {
  if (!hasHanOrKana(name)) return [name];
  const out = [name];
  const ko = koreanReading(name);
  if (ko) out.push(ko);
  const ja = await japaneseReading(name);
  if (ja) out.push(ja);
  return out;
}
