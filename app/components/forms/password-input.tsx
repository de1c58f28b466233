import { Eye, EyeOff } from "lucide-react";
import { useState, type InputHTMLAttributes } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { inputClass } from "./field.tsx";

/**
 * A password field with a show/hide toggle (SPEC: show/hide password). The toggle is a button whose
 * aria-pressed says whether the password is shown; its name stays "Show password".
 */
export function PasswordInput({
  id,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className"> & { id: string }) {
  const { t } = useI18n();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        {...props}
        id={id}
        type={visible ? "text" : "password"}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className={`${inputClass} pe-12`}
      />
      <button
        type="button"
        aria-pressed={visible}
        aria-controls={id}
        aria-label={t("auth.showPassword")}
        title={t("auth.showPassword")}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-700"
      >
        {visible ? <EyeOff aria-hidden="true" className="h-5 w-5" /> : <Eye aria-hidden="true" className="h-5 w-5" />}
      </button>
    </div>
  );
}
