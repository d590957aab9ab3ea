import { type ReactNode, useEffect, useRef } from 'react';

export interface AuthHeadingProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** Move the keyboard focus here when shown (a step that replaces the previous one). */
  focusOnMount?: boolean;
}

/** The title block of an auth screen or step: an optional round icon, the h1 and a line under it. */
export function AuthHeading({ title, description, icon, focusOnMount = false }: AuthHeadingProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);
  return (
    <div className="flex flex-col items-center text-center">
      {icon ? (
        <div
          aria-hidden
          className="mb-4 flex size-14 items-center justify-center rounded-full bg-accent-50 text-accent-600 [&_svg]:size-7"
        >
          {icon}
        </div>
      ) : null}
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-ink outline-none">
        {title}
      </h1>
      {description ? <p className="mt-2 max-w-[34ch] text-[15px] text-muted">{description}</p> : null}
    </div>
  );
}
