import type { PropertyArt as Art } from '@ajo/contracts/real-estate';

/*
 * Each property is drawn, not photographed (no images from elsewhere): a sky gradient, a sun,
 * the ground, and a building of the property's kind in its accent colour. Decorative: the card
 * names the property in text.
 */

function Tower({ accent }: { accent: string }) {
  const windows = [];
  for (let row = 0; row < 7; row += 1) {
    for (let column = 0; column < 4; column += 1) {
      windows.push(
        <rect
          key={`${String(row)}-${String(column)}`}
          x={132 + column * 16}
          y={44 + row * 14}
          width="9"
          height="8"
          rx="1.5"
          fill="#FFF7E6"
          opacity={(row + column) % 3 === 0 ? 0.55 : 0.9}
        />,
      );
    }
  }
  return (
    <g>
      <rect x="122" y="30" width="76" height="120" rx="4" fill={accent} />
      <rect x="122" y="30" width="76" height="8" fill="#000" opacity="0.12" />
      {windows}
      <rect x="206" y="78" width="46" height="72" rx="3" fill={accent} opacity="0.75" />
      <rect x="214" y="88" width="30" height="6" rx="2" fill="#FFF7E6" opacity="0.8" />
      <rect x="214" y="102" width="30" height="6" rx="2" fill="#FFF7E6" opacity="0.8" />
      <rect x="214" y="116" width="30" height="6" rx="2" fill="#FFF7E6" opacity="0.8" />
    </g>
  );
}

function Terrace({ accent }: { accent: string }) {
  return (
    <g>
      {[0, 1, 2, 3].map((index) => {
        const x = 70 + index * 50;
        return (
          <g key={index}>
            <rect x={x} y="82" width="46" height="68" fill={accent} opacity={0.85 + index * 0.05} />
            <path
              d={`M${String(x - 4)} 84 L${String(x + 23)} 60 L${String(x + 50)} 84 Z`}
              fill="#5B3A29"
            />
            <rect x={x + 8} y="96" width="12" height="14" rx="1.5" fill="#FFF7E6" />
            <rect x={x + 26} y="96" width="12" height="14" rx="1.5" fill="#FFF7E6" />
            <rect x={x + 17} y="124" width="12" height="26" rx="1.5" fill="#3B2A20" />
          </g>
        );
      })}
    </g>
  );
}

function Villa({ accent }: { accent: string }) {
  return (
    <g>
      <rect x="96" y="92" width="128" height="58" rx="3" fill="#FFFDF7" />
      <path d="M86 96 L160 58 L234 96 Z" fill={accent} />
      <rect x="112" y="106" width="22" height="18" rx="2" fill="#9CC3E6" />
      <rect x="186" y="106" width="22" height="18" rx="2" fill="#9CC3E6" />
      <rect x="150" y="114" width="20" height="36" rx="2" fill="#7A4B2A" />
      <circle cx="62" cy="128" r="18" fill="#2F6B3A" />
      <rect x="60" y="132" width="4" height="18" fill="#5B3A29" />
      <circle cx="262" cy="124" r="22" fill="#3C7D46" />
      <rect x="260" y="130" width="4" height="20" fill="#5B3A29" />
    </g>
  );
}

function Warehouse({ accent }: { accent: string }) {
  return (
    <g>
      <path d="M60 150 V92 L160 66 L260 92 V150 Z" fill={accent} />
      {[0, 1, 2].map((index) => (
        <g key={index}>
          <rect x={86 + index * 56} y="108" width="38" height="42" fill="#1F2937" opacity="0.75" />
          {[0, 1, 2, 3].map((line) => (
            <rect
              key={line}
              x={86 + index * 56}
              y={112 + line * 9}
              width="38"
              height="2"
              fill="#E5E7EB"
              opacity="0.5"
            />
          ))}
        </g>
      ))}
      <rect x="20" y="132" width="34" height="18" rx="3" fill="#F4A261" />
      <circle cx="28" cy="151" r="4" fill="#111827" />
      <circle cx="46" cy="151" r="4" fill="#111827" />
    </g>
  );
}

export function PropertyArt({ art, id }: { art: Art; id: string }) {
  const gradientId = `sky-${id}`;
  return (
    <svg
      viewBox="0 0 320 170"
      aria-hidden="true"
      focusable="false"
      className="block h-full w-full"
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={art.sky} />
          <stop offset="1" stopColor="#FFFFFF" />
        </linearGradient>
      </defs>
      <rect width="320" height="170" fill={`url(#${gradientId})`} />
      <circle cx="268" cy="36" r="16" fill="#FFD166" opacity="0.9" />
      <path d="M0 120 Q80 100 160 118 T320 112 V170 H0 Z" fill={art.ground} opacity="0.35" />
      {art.scene === 'tower' ? <Tower accent={art.accent} /> : null}
      {art.scene === 'terrace' ? <Terrace accent={art.accent} /> : null}
      {art.scene === 'villa' ? <Villa accent={art.accent} /> : null}
      {art.scene === 'warehouse' ? <Warehouse accent={art.accent} /> : null}
      <rect y="150" width="320" height="20" fill={art.ground} />
    </svg>
  );
}
