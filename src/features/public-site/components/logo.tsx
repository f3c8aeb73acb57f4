/** The Lockstep mark: a padlock in a rounded square, with the name. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold text-slate-900 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="7" fill="#1e3a8a" />
        <path d="M11 14v-3a5 5 0 0 1 10 0v3" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
        <rect x="8.5" y="14" width="15" height="11" rx="2.5" fill="#fff" />
        <circle cx="16" cy="19.5" r="1.8" fill="#1e3a8a" />
      </svg>
      <span className="text-lg">Lockstep</span>
    </span>
  );
}
