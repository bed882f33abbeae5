import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * The otpauth URI as a QR code for an authenticator app to scan, drawn as one
 * SVG path (no HTML injected). The key is also shown as text beside it, for
 * whoever cannot scan.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { data } = encode(value, { border: 2 });
    let d = '';
    data.forEach((row, y) => row.forEach((dark, x) => dark && (d += `M${x} ${y}h1v1h-1z`)));
    return { size: data.length, path: d };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-44 rounded-md bg-white p-1 shadow-xs sm:size-48"
    >
      <path d={path} fill="#1f2933" />
    </svg>
  );
}
