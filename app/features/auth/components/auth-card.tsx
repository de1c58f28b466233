import type { ReactNode } from "react";

/** The centred card the public auth pages (/login, /forgot-password, /reset-password) share. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <section
        aria-labelledby="auth-title"
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h1 id="auth-title" className="text-2xl font-bold text-teal-950">
          {title}
        </h1>
        {intro && <p className="mt-2 text-slate-700">{intro}</p>}
        <div className="mt-6">{children}</div>
      </section>
    </div>
  );
}

