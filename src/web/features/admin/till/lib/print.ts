import './till-print.css';

export type Paper = '80mm' | 'A4';

/**
 * Prints the page's `.till-print` block (a receipt, a Z report) on a till roll or A4: the paper size is an
 * @page rule added for this print only (the print stylesheet hides everything else).
 */
export function printOn(paper: Paper) {
  const style = document.createElement('style');
  style.textContent =
    paper === '80mm' ? '@page { size: 80mm auto; margin: 3mm; }' : '@page { size: A4; margin: 15mm; }';
  document.head.append(style);
  document.documentElement.dataset.paper = paper;
  const done = () => {
    style.remove();
    delete document.documentElement.dataset.paper;
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}
