/**
 * Keeps the store's terminal size in step with stdout (Ink 6.8 has no useWindowSize).
 * A fake stdout in tests emits 'resize' the same way a real terminal does.
 */
import { useEffect } from 'react';
import { useStdout } from 'ink';

export function useTerminalSize(onSize: (columns: number, rows: number) => void): void {
  const { stdout } = useStdout();
  useEffect(() => {
    const update = () => onSize(stdout.columns || 80, stdout.rows || 24);
    update();
    stdout.on('resize', update);
    return () => {
      stdout.off('resize', update);
    };
  }, [stdout, onSize]);
}
