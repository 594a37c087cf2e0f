import { useState } from 'react';

const KEY = 'cbm.statistics.boxPlot';

/** The start-SoC box-plot toggle: off by default, remembered in this browser. */
export function useBoxPlotSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readStored());
  return [
    on,
    (next) => {
      setOn(next);
      try {
        localStorage.setItem(KEY, String(next));
      } catch {
        // Storage can be blocked; the toggle then lasts until the page is left.
      }
    },
  ];
}

function readStored(): boolean {
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}
