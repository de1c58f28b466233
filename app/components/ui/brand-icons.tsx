// Simple social icons drawn here (lucide ships no brand marks). Decorative: pair them with a text label.
type IconProps = { className?: string };

export function FacebookIcon({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <circle cx="12" cy="12" r="11" />
      <path d="M13.2 20v-6.4h2.3l.4-2.7h-2.7V9.2c0-.8.3-1.3 1.4-1.3H16V5.5c-.3 0-1.1-.1-2-.1-2.1 0-3.4 1.2-3.4 3.5v2H8.4v2.7h2.2V20z" fill="#fff" />
    </svg>
  );
}

export function InstagramIcon({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  );
}

export function LinkedInIcon({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <rect x="2" y="2" width="20" height="20" rx="3" />
      <rect x="6" y="10" width="2.6" height="8" fill="#fff" />
      <circle cx="7.3" cy="7" r="1.5" fill="#fff" />
      <path d="M10.6 10h2.5v1.2c.4-.7 1.3-1.4 2.7-1.4 2.3 0 3 1.4 3 3.6V18h-2.6v-4.1c0-1-.2-1.9-1.3-1.9s-1.6.8-1.6 1.9V18h-2.7z" fill="#fff" />
    </svg>
  );
}

export function TikTokIcon({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <path d="M14.5 3h2.7c.2 1.9 1.4 3.3 3.3 3.5v2.8c-1.3 0-2.5-.4-3.3-1v6.4a5.3 5.3 0 1 1-5.3-5.3c.3 0 .5 0 .8.1v2.9a2.5 2.5 0 1 0 1.8 2.4z" />
    </svg>
  );
}

export function WhatsAppIcon({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2c-1.5 0-3-.4-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2z" />
      <path d="M16.6 14.1c-.3-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1-.3-.1-1.1-.4-2-1.3-.8-.7-1.3-1.5-1.4-1.8-.1-.3 0-.4.1-.5l.4-.4.3-.4v-.4l-.8-1.9c-.2-.5-.4-.4-.6-.4h-.5c-.2 0-.5.1-.7.3-.3.3-1 .9-1 2.2s1 2.6 1.1 2.8c.1.2 1.9 3 4.7 4.2 2.3.9 2.8.7 3.3.7.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.1-1.2 0-.1-.2-.2-.5-.3z" />
    </svg>
  );
}
