import { useEffect, useRef } from 'react';

/** Each step's heading takes focus when the step opens, so screen readers announce it. */
export function StepHeading({ children, lead }: { children: string; lead?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <>
      <h2 ref={ref} tabIndex={-1} className="step-heading">
        {children}
      </h2>
      {lead && <p className="muted step-lead">{lead}</p>}
    </>
  );
}
