// Decorative icons; the control that holds one gives the accessible name.
export function CrownIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3 7.5 7.6 11 12 4l4.4 7L21 7.5 19.3 17H4.7L3 7.5ZM4.8 18.5h14.4V20H4.8v-1.5Z"
      />
    </svg>
  );
}

export function GearIcon({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-1.82-.33 1.65 1.65 0 0 0-1 1.51V21a2 2 0 1 1-4 0v-.09A1.65 1.65 0 0 0 9 19.4a1.65 1.65 0 0 0-1.82.33l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06a1.65 1.65 0 0 0 .33-1.82 1.65 1.65 0 0 0-1.51-1H3a2 2 0 1 1 0-4h.09A1.65 1.65 0 0 0 4.6 9a1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06a1.65 1.65 0 0 0 1.82.33H9a1.65 1.65 0 0 0 1-1.51V3a2 2 0 1 1 4 0v.09a1.65 1.65 0 0 0 1 1.51 1.65 1.65 0 0 0 1.82-.33l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06a1.65 1.65 0 0 0-.33 1.82V9a1.65 1.65 0 0 0 1.51 1H21a2 2 0 1 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1Z" />
    </svg>
  );
}

// Reaction icons (spec §1: crown, fire, thinker, laughing), drawn rather than emoji so they look
// the same where no emoji font is installed. The crown above and the fire take currentColor; the
// two faces carry their own colours, as an emoji would.
export function FireIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12.6 2c.5 3-.9 4.9-2.4 6.6C8.6 10.4 6.6 12.4 6.6 15.4c0 3.4 2.5 6.1 5.6 6.1s5.4-2.5 5.4-5.9c0-2.4-1-4.4-2.5-6-.1 1.5-.7 2.6-1.7 3.2.5-3.9-.2-7.6-.8-10.8Z"
      />
      <path
        fill="#fde68a"
        d="M12.3 13.2c-.2 1.6-2.2 2.6-2.2 4.6 0 1.5 1 2.5 2.2 2.5s2.1-1 2.1-2.4c0-1.2-.6-2-1.2-2.6 0 .8-.3 1.3-.8 1.5.3-1.3.2-2.5-.1-3.6Z"
      />
    </svg>
  );
}

const FACE_FILL = '#fbbf24';
const FACE_LINE = '#4a3410';

export function ThinkerIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="11" r="9.25" fill={FACE_FILL} stroke={FACE_LINE} strokeWidth="1.2" />
      <path
        d="M7.3 7.4 10 6.6M14.2 5.9l2.6 1.1M9.6 15.2l4.8-1.1"
        fill="none"
        stroke={FACE_LINE}
        strokeWidth="1.4"
        strokeLinecap="round"
      />
      <circle cx="8.9" cy="9.6" r="1.1" fill={FACE_LINE} />
      <circle cx="15.2" cy="9.4" r="1.1" fill={FACE_LINE} />
      <path
        d="M6.6 22.5v-3.2c0-1 .8-1.8 1.8-1.8h3.9l1.5-3.4c.3-.6 1-.9 1.6-.6.6.3.8 1 .5 1.6l-1.2 2.4h.4c1 0 1.8.8 1.8 1.8v3.2Z"
        fill="#f59e0b"
        stroke={FACE_LINE}
        strokeWidth="1.1"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function LaughingIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9.75" fill={FACE_FILL} stroke={FACE_LINE} strokeWidth="1.2" />
      <path
        d="M6.6 9.6c.8-1.4 2.4-1.4 3.2 0M14.2 9.6c.8-1.4 2.4-1.4 3.2 0"
        fill="none"
        stroke={FACE_LINE}
        strokeWidth="1.5"
        strokeLinecap="round"
      />
      <path d="M6.5 12.6h11c0 3.2-2.5 5.8-5.5 5.8s-5.5-2.6-5.5-5.8Z" fill={FACE_LINE} />
      <path
        d="M9.2 16.9c.8-.9 1.7-1.3 2.8-1.3s2 .4 2.8 1.3c-.8.6-1.8 1-2.8 1s-2-.4-2.8-1Z"
        fill="#f87171"
      />
      <path
        d="M4.4 11.6c-.9 1.3-1.2 2.3-.7 2.9.5.6 1.4.4 1.7-.4.2-.6 0-1.4-1-2.5ZM19.6 11.6c.9 1.3 1.2 2.3.7 2.9-.5.6-1.4.4-1.7-.4-.2-.6 0-1.4 1-2.5Z"
        fill="#38bdf8"
      />
    </svg>
  );
}
