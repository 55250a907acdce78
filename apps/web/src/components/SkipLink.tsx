/** Id of the main content region the skip link jumps to. */
export const MAIN_CONTENT_ID = "main-content";

/**
 * 'Skip to main content' (issue 26 §3 item 16): the first focusable element,
 * shown when focused; moves focus to the main region without changing the
 * address.
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(MAIN_CONTENT_ID);
        main?.focus();
        main?.scrollIntoView();
      }}
    >
      Skip to main content
    </a>
  );
}
