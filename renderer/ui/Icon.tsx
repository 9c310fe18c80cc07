/** The few icons the shell uses, as inline SVG (no icon font, nothing fetched). */
export type IconName = 'info' | 'warn' | 'error' | 'ok' | 'spinner' | 'eye' | 'eye-off' | 'bell';

export function Icon({ name, className = '' }: { name: IconName; className?: string }) {
  const cls = `icon icon--${name} ${className}`.trim();
  switch (name) {
    case 'spinner':
      return (
        <svg className={cls} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <circle cx="8" cy="8" r="6" className="icon__track" />
          <path d="M8 2 A6 6 0 0 1 14 8" />
        </svg>
      );
    case 'ok':
      return (
        <svg className={cls} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <circle cx="8" cy="8" r="6.5" />
          <path d="M5 8.2 L7.1 10.2 L11 6" />
        </svg>
      );
    case 'info':
      return (
        <svg className={cls} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <circle cx="8" cy="8" r="6.5" />
          <path d="M8 7.2 V11.2 M8 4.8 V5" />
        </svg>
      );
    case 'warn':
      return (
        <svg className={cls} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M8 1.8 L14.6 13.6 H1.4 Z" />
          <path d="M8 6.2 V9.6 M8 11.4 V11.6" />
        </svg>
      );
    case 'error':
      return (
        <svg className={cls} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <circle cx="8" cy="8" r="6.5" />
          <path d="M5.6 5.6 L10.4 10.4 M10.4 5.6 L5.6 10.4" />
        </svg>
      );
    case 'eye':
      return (
        <svg className={cls} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M1 8 C3 4 13 4 15 8 C13 12 3 12 1 8 Z" />
          <circle cx="8" cy="8" r="2" />
        </svg>
      );
    case 'bell':
      return (
        <svg className={cls} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M3 12 H13 L11.8 10.4 V7.2 A3.8 3.8 0 0 0 4.2 7.2 V10.4 Z" className="icon__body" />
          <path d="M6.4 13.7 A1.7 1.7 0 0 0 9.6 13.7 M8 1.8 V3.4" />
        </svg>
      );
    case 'eye-off':
      return (
        <svg className={cls} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M1 8 C3 4 13 4 15 8 C13 12 3 12 1 8 Z" />
          <path d="M2 14 L14 2" />
        </svg>
      );
  }
}
