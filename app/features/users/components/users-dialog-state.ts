// The admin users page's rows and dialogs: which dialog is open, and for which user.
import type { UserRowView } from "./user-dialogs.tsx";

export type UserListRow = UserRowView & { createdAt: Date | string };

export type UserDialogKind = "editRole" | "delete" | "resetTwoFactor";
export type DialogKind = "add" | UserDialogKind;
export type OpenDialog = { kind: "add" } | { kind: UserDialogKind; user: UserRowView } | null;
