// The height from an element's top (as laid out at the top of the page) to the bottom of the window, followed
// on window resizes and whenever `deps` change: the room the Gantt stack may fill without scrolling the page.
import { type DependencyList, type RefObject, useLayoutEffect, useState } from "react";

export function useRoomBelow(ref: RefObject<HTMLElement | null>, deps: DependencyList): number {
  const [room, setRoom] = useState(() => (typeof window === "undefined" ? 600 : window.innerHeight));
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setRoom(Math.max(160, Math.floor(window.innerHeight - top - 6)));
    };
    measure();
    window.addEventListener("resize", measure);
    const observer = new ResizeObserver(measure);
    if (ref.current?.parentElement) observer.observe(ref.current.parentElement);
    // Content above the stack may change height without the stack's parent resizing (a legend wrapping to a
    // second line, a guide step's text): the page's size changes then, so watch it too.
    observer.observe(document.body);
    return () => {
      window.removeEventListener("resize", measure);
      observer.disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, ...deps]);
  return room;
}
