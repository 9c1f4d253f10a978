/**
 * Whether the pane may use colour (NO_COLOR turns it off). Components ask `useTheme()` instead
 * of naming colours directly, so one switch covers them all.
 */
import React, { createContext, useContext, type ReactNode } from 'react';

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

/** NO_COLOR (any non-empty value) per https://no-color.org. */
export function colorAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return !env.NO_COLOR;
}
