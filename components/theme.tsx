/**
 * Whether the pane may use colour (start-tui decides it with src/text/color-allowed.ts). Components ask `useTheme()` instead
 * of naming colours directly, so one switch covers them all.
 */
import { createContext, useContext, type ReactNode } from 'react';

export interface Theme {
  color: boolean;
}

const ThemeContext = createContext<Theme>({ color: true });

export function ThemeProvider({ theme, children }: { theme: Theme; children: ReactNode }) {
  return <ThemeContext.Provider value={theme}>{children}</ThemeContext.Provider>;
}

/** `pick(name)` is the colour when colour is on, else undefined (Ink then draws plain text). */
export function useTheme(): Theme & { pick: (name: string) => string | undefined } {
  const theme = useContext(ThemeContext);
  return { ...theme, pick: (name: string) => (theme.color ? name : undefined) };
}
