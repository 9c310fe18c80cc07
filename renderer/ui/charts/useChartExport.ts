/**
 * A chart frame's exports: save a PNG, SVG or CSV through the host, or copy the image to the clipboard, with
 * the status line that says how it went (success notes fade after a while; problems stay until the next action).
 */
import { useEffect, useState } from 'react';
import { useConnection } from '../../platform/connection';
import { describeError } from '../../platform';
import type { ExportAction } from './ExportMenu';
import { csvFile, pngFile, renderPng, renderSvg, svgFile, type ExportFile, type ExportSource } from './export/exporter';

export type FrameMessage = { text: string; tone: 'ok' | 'error' | 'info' } | null;

export function useChartExport(source: () => ExportSource) {
  const { api } = useConnection();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FrameMessage>(null);

  useEffect(() => {
    if (message?.tone !== 'ok') return;
    const t = setTimeout(() => setMessage(null), 12_000);
    return () => clearTimeout(t);
  }, [message]);

  const save = async (file: ExportFile) => {
    const result = await api.saveFile({ suggestedName: file.name, mime: file.mime, bytes: file.bytes });
    if (!result.saved) setMessage({ text: 'Export cancelled.', tone: 'info' });
    else setMessage({ text: result.path ? `Saved to ${result.path}` : `Downloaded ${file.name}`, tone: 'ok' });
  };

  const copyImage = async () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard || typeof clipboard.write !== 'function' || typeof ClipboardItem === 'undefined') {
      setMessage({
        text: 'This window cannot put images on the clipboard. Use PNG (2x) and paste the file instead.',
        tone: 'error',
      });
      return;
    }
    // The item takes the PNG as a promise so the write starts inside the click (browsers require that).
    const png = renderPng(source());
    try {
      await clipboard.write([new ClipboardItem({ 'image/png': png })]);
      setMessage({ text: 'Copied the chart as an image.', tone: 'ok' });
    } catch (e) {
      // A failed drawing rejects the write too; say what actually went wrong.
      const cause = await png.then(
        () => e,
        (drawError: unknown) => drawError,
      );
      const refused = cause instanceof DOMException && cause.name === 'NotAllowedError';
      const host = api.host === 'web' ? 'The browser' : 'The desktop app';
      setMessage({
        text: refused
          ? `${host} did not allow copying the image (${describeError(cause)}). Use PNG (2x) instead.`
          : `Could not copy the image: ${describeError(cause)}`,
        tone: 'error',
      });
    }
  };

  const onExport = (action: ExportAction) => {
    setMessage(null);
    if (action.kind === 'copy') {
      void copyImage();
      return;
    }
    setBusy(true);
    void (async () => {
      try {
        const src = source();
        if (action.kind === 'csv') await save(csvFile(src));
        else if (action.kind === 'svg') await save(svgFile(src));
        else if (action.kind === 'png') await save(await pngFile(src));
        else await save(await pngFile(src, { width: action.width, height: action.height }));
      } catch (e) {
        setMessage({ text: `Could not export: ${describeError(e)}`, tone: 'error' });
      } finally {
        setBusy(false);
      }
    })();
  };

  const naturalSize = () => {
    try {
      const r = renderSvg(source());
      return { width: r.width, height: r.height };
    } catch {
      return null;
    }
  };

  return { busy, message, onExport, naturalSize };
}
