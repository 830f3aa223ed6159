/**
 * Runs in <head> before first paint: applies the stored (or default) theme and hides a
 * dismissed banner, so neither flashes. Kept tiny and dependency-free: it is inlined.
 */
export const HEAD_SCRIPT = `(function(){var d=document.documentElement;try{var t=localStorage.getItem('theme')||d.getAttribute('data-default-theme')||'system';var k=t==='dark'||(t==='system'&&matchMedia('(prefers-color-scheme: dark)').matches);d.classList.toggle('dark',k);d.style.colorScheme=k?'dark':'light';var b=d.getAttribute('data-banner-key');if(b&&localStorage.getItem(b)==='0')d.classList.add('banner-hidden')}catch(e){}})()`;
