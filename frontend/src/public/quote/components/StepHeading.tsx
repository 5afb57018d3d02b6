import { Typography } from '@mui/material';
import { useEffect, useRef } from 'react';

/** Each step's heading takes focus when the step opens, so screen readers announce it. */
export function StepHeading({ children, lead }: { children: string; lead?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <>
      <Typography
        ref={ref}
        tabIndex={-1}
        variant="h2"
        sx={{ fontSize: { xs: 24, md: 30 }, mb: 1, outline: 'none' }}
      >
        {children}
      </Typography>
      {lead && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {lead}
        </Typography>
      )}
    </>
  );
}
