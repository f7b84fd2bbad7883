// The share card (issue 8): a 1200x630 PNG of one pun, laid out by satori (flexbox and line
// breaking with real font metrics, no browser) and rasterised by resvg. No JSX: satori takes the
// same { type, props } objects React would make. Fonts are the bundled woff files of
// @fontsource/inter and @fontsource/noto-emoji (satori reads woff and ttf, not woff2).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';
import { APP_NAME } from '#shared/constants';
import { CARD_HEIGHT, CARD_WIDTH, shareMessages } from '#shared/share';
import { cardText, clip, EMOJI_SPACE, fitText, fontsourceDir } from './card-text.ts';

export interface CardInput {
  text: string;
  authorName: string;
  category: string;
  output: string;
  crowns: number;
}

const INTER_SUBSETS = [
  'latin',
  'latin-ext',
  'cyrillic',
  'cyrillic-ext',
  'greek',
  'greek-ext',
  'vietnamese',
];

let fontsLoading: Promise<Font[]> | undefined;

/** Read once per process; satori caches its parse of the same array. */
export function loadCardFonts(): Promise<Font[]> {
  fontsLoading ??= (async () => {
    const inter = fontsourceDir('inter');
    const emoji = fontsourceDir('noto-emoji');
    const fonts: Font[] = [];
    for (const weight of [400, 700] as const) {
      for (const subset of INTER_SUBSETS) {
        fonts.push({
          name: 'Inter',
          weight,
          style: 'normal',
          data: await readFile(path.join(inter, 'files', `inter-${subset}-${weight}-normal.woff`)),
        });
      }
    }
    // The "emoji" file holds every subset's glyphs in one font (monochrome outlines).
    fonts.push({
      name: 'Noto Emoji',
      weight: 400,
      style: 'normal',
      data: await readFile(path.join(emoji, 'files', 'noto-emoji-emoji-400-normal.woff')),
    });
    return fonts;
  })();
  fontsLoading.catch(() => {
    fontsLoading = undefined;
  });
  return fontsLoading;
}

// The favicon's crown mark, drawn beside the brand name.
const MARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#ffffff"/><path fill="#5b21b6" d="M12 22l10 8 10-14 10 14 10-8-4 22H16z"/><rect x="16" y="47" width="32" height="5" rx="2" fill="#5b21b6"/></svg>`;
const MARK_URI = `data:image/svg+xml;base64,${Buffer.from(MARK_SVG).toString('base64')}`;

const PAD = 44;
const ROW_GAP = 26;
const HEAD_HEIGHT = 52;
const FOOT_HEIGHT = 52;
const PANEL_PAD = 44;
const LINE_HEIGHT = 1.22;
const PUN_SIZES = [76, 68, 60, 54, 48, 43, 38, 34, 30, 27] as const;
const PANEL_TEXT = {
  width: CARD_WIDTH - 2 * PAD - 2 * PANEL_PAD,
  height: CARD_HEIGHT - 2 * PAD - HEAD_HEIGHT - FOOT_HEIGHT - 2 * ROW_GAP - 2 * PANEL_PAD,
  lineHeight: LINE_HEIGHT,
};

type Style = Record<string, string | number>;
interface Node {
  type: string;
  props: { style?: Style; children?: Node | string | (Node | string)[]; [key: string]: unknown };
}

// Satori sizes boxes as content-box unless told otherwise; every box here counts its padding in.
const el = (type: string, style: Style, children?: Node['props']['children']): Node => ({
  type,
  props: { style: { boxSizing: 'border-box', ...style }, children },
});

/** One line that ends in an ellipsis when it does not fit. */
const oneLine = (style: Style, text: string): Node =>
  el(
    'div',
    {
      display: 'block',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      ...style,
    },
    text,
  );

export function cardElement(input: CardInput): Node {
  const pun = cardText(input.text, shareMessages.cardUnreadable);
  // A name in a script the fonts lack keeps what can be drawn ("דוד Cohen" shows "Cohen").
  const author = cardText(input.authorName, '').drawable || 'a Punday player';
  const challenge = [input.category, input.output]
    .map((part) => cardText(part, '').drawable)
    .filter(Boolean)
    .join(' + ');
  const { fontSize, lines } = fitText(pun.text, PANEL_TEXT, PUN_SIZES);
  const crowns = `${input.crowns} ${input.crowns === 1 ? 'crown' : 'crowns'}`;

  return el(
    'div',
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      display: 'flex',
      flexDirection: 'column',
      padding: PAD,
      backgroundImage: 'linear-gradient(135deg, #4c1d95 0%, #6d28d9 60%, #7c3aed 100%)',
      fontFamily: 'Inter, Noto Emoji',
      color: '#ffffff',
    },
    [
      el(
        'div',
        {
          display: 'flex',
          height: HEAD_HEIGHT,
          alignItems: 'center',
          justifyContent: 'space-between',
        },
        [
          oneLine(
            {
              maxWidth: 820,
              padding: '8px 22px',
              borderRadius: 999,
              backgroundColor: 'rgba(255,255,255,0.16)',
              fontSize: 28,
              fontWeight: 700,
            },
            clip(challenge || 'Daily challenge', 80),
          ),
          el('div', { display: 'flex', alignItems: 'center', gap: 14 }, [
            { type: 'img', props: { src: MARK_URI, width: 48, height: 48, style: {} } },
            el('div', { fontSize: 36, fontWeight: 700 }, APP_NAME),
          ]),
        ],
      ),
      el(
        'div',
        {
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          flexGrow: 1,
          marginTop: ROW_GAP,
          marginBottom: ROW_GAP,
          padding: PANEL_PAD,
          borderRadius: 32,
          backgroundColor: '#ffffff',
          color: '#1f1b24',
        },
        [
          el(
            'div',
            {
              display: 'block',
              width: PANEL_TEXT.width,
              maxHeight: PANEL_TEXT.height,
              overflow: 'hidden',
              fontSize: pun.unreadable ? 44 : fontSize,
              fontWeight: 700,
              lineHeight: LINE_HEIGHT,
              fontStyle: 'normal',
              color: pun.unreadable ? '#5b5466' : '#1f1b24',
              wordBreak: 'break-word',
              overflowWrap: 'anywhere',
              lineClamp: lines,
              textOverflow: 'ellipsis',
            },
            pun.text,
          ),
        ],
      ),
      el(
        'div',
        {
          display: 'flex',
          height: FOOT_HEIGHT,
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 24,
        },
        [
          oneLine({ maxWidth: 800, fontSize: 32, fontWeight: 400 }, `by ${clip(author, 60)}`),
          el(
            'div',
            {
              display: 'flex',
              alignItems: 'center',
              gap: 10,
              padding: '6px 22px',
              borderRadius: 999,
              backgroundColor: '#fcd34d',
              color: '#1f1b24',
              fontSize: 30,
              fontWeight: 700,
            },
            `👑${EMOJI_SPACE}${crowns}`,
          ),
        ],
      ),
    ],
  );
}

/** The card as PNG bytes. CPU-bound (tens of milliseconds): callers cache and de-duplicate. */
export async function renderCard(input: CardInput): Promise<Buffer> {
  const fonts = await loadCardFonts();
  const svg = await satori(cardElement(input) as never, {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts,
  });
  // Satori writes text as paths, so resvg needs no fonts of its own.
  const image = await renderAsync(svg, {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: false },
  });
  return image.asPng();
}
