import { mix, prng, resolveColor, shade, tint } from './demo.art.color.ts';
import type { BottomKind, OutfitSpec, PersonLook, Pose, ShoeKind, TopKind } from './demo.art.spec.ts';

/* The figure: head, face and hair, arms, and the shapes of the clothes, shoes and bags it wears. */

/**
 * Head, face and hair in a local frame: head centre at the origin, 40 wide radius, 50 tall radius.
 * Returns the parts drawn behind the body (long hair) and in front of it.
 */
export function headParts(look: PersonLook): { back: string; front: string; neck: string } {
  const skin = look.skin;
  const skinShadow = shade(skin, 0.12);
  const hair = look.hair.color;
  const hairLight = tint(hair, 0.18);
  let back = '';
  let hairFront = '';
  let showEars = false;

  switch (look.hair.style) {
    case 'long':
      back = `<path d="M-47 -8 C-54 -70 54 -70 47 -8 C52 30 58 70 62 104 Q0 120 -62 104 C-58 70 -52 30 -47 -8 Z" fill="${hair}"/>`;
      hairFront = `<path d="M-44 6 C-50 -62 46 -68 45 0 C40 -22 26 -36 -2 -40 C-14 -24 -30 -10 -44 6 Z" fill="${hair}"/><path d="M-2 -40 C10 -38 30 -30 38 -14" fill="none" stroke="${hairLight}" stroke-width="3" stroke-linecap="round" opacity="0.35"/>`;
      break;
    case 'waves': {
      const wave = (side: number) =>
        `<path d="M${side * 44} -6 C${side * 62} 20 ${side * 48} 40 ${side * 62} 62 C${side * 72} 80 ${side * 58} 96 ${side * 66} 110 L${side * 30} 104 C${side * 40} 70 ${side * 36} 30 ${side * 40} 0 Z" fill="${hair}"/>`;
      back = `<path d="M-48 -6 C-56 -72 56 -72 48 -6 L40 60 L-40 60 Z" fill="${hair}"/>${wave(-1)}${wave(1)}`;
      hairFront = `<path d="M-45 8 C-52 -64 48 -66 46 4 C38 -28 14 -40 -8 -38 C-30 -30 -40 -12 -45 8 Z" fill="${hair}"/><path d="M-30 -30 C-10 -46 20 -44 36 -24" fill="none" stroke="${hairLight}" stroke-width="3" stroke-linecap="round" opacity="0.35"/>`;
      break;
    }
    case 'bob':
      back = `<path d="M-50 -4 C-56 -70 56 -70 50 -4 L52 40 Q30 50 0 46 Q-30 50 -52 40 Z" fill="${hair}"/>`;
      hairFront = `<path d="M-45 -2 C-48 -64 48 -64 45 -2 C44 -14 40 -22 34 -24 Q0 -16 -34 -24 C-40 -22 -44 -14 -45 -2 Z" fill="${hair}"/><path d="M-28 -40 Q0 -50 30 -40" fill="none" stroke="${hairLight}" stroke-width="3" stroke-linecap="round" opacity="0.35"/>`;
      break;
    case 'bun':
      back = `<circle cx="0" cy="-58" r="22" fill="${hair}"/><path d="M-14 -70 Q0 -78 14 -70" fill="none" stroke="${hairLight}" stroke-width="3" opacity="0.6"/>`;
      hairFront = `<path d="M-42 -4 C-46 -62 46 -62 42 -4 C38 -28 22 -40 0 -40 C-22 -40 -38 -28 -42 -4 Z" fill="${hair}"/><path d="M-20 -44 Q0 -52 24 -42" fill="none" stroke="${hairLight}" stroke-width="2.5" opacity="0.55"/>`;
      showEars = true;
      break;
    case 'ponytail':
      back = `<path d="M30 -40 C70 -30 72 30 54 80 C48 50 46 10 26 -20 Z" fill="${hair}"/>`;
      hairFront = `<path d="M-42 -6 C-46 -62 46 -64 42 -6 C36 -30 16 -38 -4 -38 C-24 -36 -38 -24 -42 -6 Z" fill="${hair}"/><circle cx="34" cy="-34" r="6" fill="${shade(hair, 0.3)}"/>`;
      showEars = true;
      break;
    case 'short':
      hairFront = `<path d="M-42 -6 C-48 -48 -28 -66 2 -64 C34 -66 50 -46 42 -6 C40 -22 32 -30 18 -34 C4 -28 -16 -32 -32 -26 C-38 -20 -41 -14 -42 -6 Z" fill="${hair}"/><path d="M-16 -52 Q6 -62 28 -48" fill="none" stroke="${hairLight}" stroke-width="2.5" opacity="0.35"/>`;
      showEars = true;
      break;
    case 'curly': {
      const rand = prng(`${hair}${skin}`);
      const puffs: string[] = [];
      for (let a = 150; a <= 390; a += 18) {
        const rad = (a * Math.PI) / 180;
        const r = 15 + rand() * 6;
        puffs.push(
          `<circle cx="${(Math.cos(rad) * 50).toFixed(1)}" cy="${(Math.sin(rad) * 52 - 8).toFixed(1)}" r="${r.toFixed(1)}" fill="${hair}"/>`,
        );
      }
      back = `<ellipse cx="0" cy="-14" rx="62" ry="60" fill="${hair}"/>${puffs.join('')}`;
      hairFront = `<path d="M-40 -10 C-38 -44 38 -44 40 -10 C30 -30 -30 -30 -40 -10 Z" fill="${hair}"/>${[
        -26, -10, 8, 24,
      ]
        .map((x) => `<circle cx="${x}" cy="-34" r="11" fill="${hair}"/>`)
        .join(
          '',
        )}<circle cx="-14" cy="-50" r="4" fill="${hairLight}" opacity="0.45"/><circle cx="18" cy="-56" r="3" fill="${hairLight}" opacity="0.45"/>`;
      break;
    }
  }

  const ears = showEars
    ? `<ellipse cx="-40" cy="6" rx="7" ry="11" fill="${skinShadow}"/><ellipse cx="40" cy="6" rx="7" ry="11" fill="${skinShadow}"/>`
    : '';
  const earrings =
    look.earrings === 'hoops'
      ? `<circle cx="-41" cy="24" r="7" fill="none" stroke="#d4ad4f" stroke-width="2.6"/><circle cx="41" cy="24" r="7" fill="none" stroke="#d4ad4f" stroke-width="2.6"/>`
      : look.earrings === 'studs'
        ? `<circle cx="-40" cy="16" r="2.8" fill="#f1e4c0"/><circle cx="40" cy="16" r="2.8" fill="#f1e4c0"/>`
        : '';
  const brow = shade(look.hair.color, 0.1);
  const lips = mix(skin, '#b8445a', 0.55);
  const face = `
    <path d="M-24 -8 Q-15 -13 -6 -9" fill="none" stroke="${brow}" stroke-width="2.6" stroke-linecap="round"/>
    <path d="M6 -9 Q15 -13 24 -8" fill="none" stroke="${brow}" stroke-width="2.6" stroke-linecap="round"/>
    <path d="M-22 4 Q-15 9 -8 4" fill="none" stroke="#2c2024" stroke-width="2.4" stroke-linecap="round"/>
    <path d="M8 4 Q15 9 22 4" fill="none" stroke="#2c2024" stroke-width="2.4" stroke-linecap="round"/>
    <path d="M-1 10 Q-4 18 1 20" fill="none" stroke="${shade(skin, 0.22)}" stroke-width="1.8" stroke-linecap="round"/>
    <path d="M-9 29 Q0 25 9 29 Q0 36 -9 29 Z" fill="${lips}"/>
    <circle cx="-22" cy="18" r="7" fill="#e86f7c" opacity="0.18"/>
    <circle cx="22" cy="18" r="7" fill="#e86f7c" opacity="0.18"/>`;
  const glasses = look.glasses
    ? `<g fill="${'#ffffff'}" fill-opacity="0.15" stroke="#2a2326" stroke-width="2.4"><rect x="-30" y="-5" width="24" height="17" rx="7"/><rect x="6" y="-5" width="24" height="17" rx="7"/><path d="M-6 1 Q0 -3 6 1" fill="none"/></g>`
    : '';
  const neck = `<path d="M-14 28 L-15 70 Q0 78 15 70 L14 28 Z" fill="${skin}"/><path d="M-14 40 Q0 56 14 40 L14 30 L-14 30 Z" fill="${skinShadow}" opacity="0.5"/>`;
  const head = `${ears}<ellipse cx="0" cy="0" rx="40" ry="50" fill="${skin}"/><ellipse cx="0" cy="0" rx="40" ry="50" fill="url(#faceLight)"/>${face}${glasses}${earrings}`;
  return { back, front: `${head}${hairFront}`, neck };
}

/*
 * Garment shapes below are drawn on the 1080 x 1350 canvas for a standing figure centred at x = 540:
 * shoulders at y = 330, waist at 560, hips at 650, knees at 900, ankles at 1160.
 */

type Sleeve = 'none' | 'short' | 'long' | 'puff';

export function armPaths(sleeve: Sleeve, pose: Pose = 'front') {
  // Arms hang slightly away from the body; each is a tapered band from shoulder to wrist.
  const left =
    'M432 338 C402 360 392 420 388 480 C384 540 378 600 374 640 L404 644 C410 600 420 540 428 480 C434 430 446 392 462 372 Z';
  const leftHand = '<ellipse cx="388" cy="660" rx="18" ry="24"/>';
  const leftSleeves: Record<Sleeve, string | null> = {
    none: null,
    short: 'M428 332 C404 350 394 400 392 440 L440 448 C444 420 452 396 466 380 Z',
    puff: 'M440 330 C390 330 380 400 392 450 C410 462 436 460 446 446 C448 420 456 396 470 378 Z',
    long: left.replace('L404 644', 'L406 636'),
  };
  // The right arm either hangs like the left one or bends, elbow out, with the hand on the hip.
  const right =
    pose === 'hand-on-hip'
      ? 'M648 338 C684 356 708 410 720 458 C728 490 722 506 706 522 L668 570 L642 552 L682 504 C690 490 686 470 678 448 C666 410 646 386 618 372 Z'
      : 'M648 338 C678 360 688 420 692 480 C696 540 702 600 706 640 L676 644 C670 600 660 540 652 480 C646 430 634 392 618 372 Z';
  const rightHand =
    pose === 'hand-on-hip'
      ? '<ellipse cx="652" cy="566" rx="17" ry="22" transform="rotate(50 652 566)"/>'
      : '<ellipse cx="692" cy="660" rx="18" ry="24"/>';
  const rightSleeves: Record<Sleeve, string | null> =
    pose === 'hand-on-hip'
      ? {
          none: null,
          short: 'M652 332 C686 350 704 398 712 440 L664 456 C660 426 642 398 614 380 Z',
          puff: 'M640 330 C694 330 716 394 710 446 C692 462 666 462 656 450 C652 424 632 398 610 378 Z',
          long: right.replace('L668 570 L642 552', 'L674 562 L650 544'),
        }
      : {
          none: null,
          short: 'M652 332 C676 350 686 400 688 440 L640 448 C636 420 628 396 614 380 Z',
          puff: 'M640 330 C690 330 700 400 688 450 C670 462 644 460 634 446 C632 420 624 396 610 378 Z',
          long: right.replace('L676 644', 'L674 636'),
        };
  const sleeves = [leftSleeves[sleeve], rightSleeves[sleeve]].filter((d): d is string => d !== null);
  return { arms: [left, right], hands: leftHand + rightHand, sleeves };
}

export function topShape(kind: TopKind): { body: string; sleeve: Sleeve; hemY: number } {
  switch (kind) {
    case 'crop':
      return {
        body: 'M450 330 C466 322 486 316 504 312 Q540 336 576 312 C594 316 614 322 630 330 C650 336 656 360 652 390 C646 440 632 480 626 500 L454 500 C448 480 434 440 428 390 C424 360 430 336 450 330 Z',
        sleeve: 'short',
        hemY: 500,
      };
    case 'jacket':
      return {
        body: 'M446 326 C466 318 488 312 506 308 Q540 318 574 308 C592 312 614 318 634 326 C660 334 668 370 664 410 C660 500 666 600 672 690 L408 690 C414 600 420 500 416 410 C412 370 420 334 446 326 Z',
        sleeve: 'long',
        hemY: 690,
      };
    case 'sweater':
      return {
        body: 'M448 328 C466 320 486 314 506 308 Q540 324 574 308 C594 314 614 320 632 328 C656 334 664 366 660 404 C654 470 650 560 654 640 Q540 656 426 640 C430 560 426 470 420 404 C416 366 424 334 448 328 Z',
        sleeve: 'long',
        hemY: 640,
      };
    case 'blouse':
      return {
        body: 'M450 330 C466 322 486 316 504 312 Q540 336 576 312 C594 316 614 322 630 330 C650 336 656 362 652 394 C646 450 624 520 626 600 Q540 616 454 600 C456 520 434 450 428 394 C424 362 430 336 450 330 Z',
        sleeve: 'puff',
        hemY: 600,
      };
    case 'long-sleeve':
      return {
        body: 'M450 330 C466 322 486 316 504 312 Q540 336 576 312 C594 316 614 322 630 330 C650 336 656 362 652 394 C646 450 626 520 630 600 Q540 612 450 600 C454 520 434 450 428 394 C424 362 430 336 450 330 Z',
        sleeve: 'long',
        hemY: 600,
      };
    default:
      return {
        body: 'M450 330 C466 322 486 316 504 312 Q540 336 576 312 C594 316 614 322 630 330 C650 336 656 362 652 394 C646 450 626 520 630 600 Q540 612 450 600 C454 520 434 450 428 394 C424 362 430 336 450 330 Z',
        sleeve: 'short',
        hemY: 600,
      };
  }
}

export function bottomShape(kind: BottomKind): { body: string; legsBareFrom: number | null } {
  switch (kind) {
    case 'wide-pants':
      return {
        body: 'M452 560 L628 560 C640 620 652 700 664 800 C676 920 690 1040 700 1168 L566 1168 C560 1020 552 880 540 760 C528 880 520 1020 514 1168 L380 1168 C390 1040 404 920 416 800 C428 700 440 620 452 560 Z',
        legsBareFrom: null,
      };
    case 'shorts':
      return {
        body: 'M452 560 L628 560 C640 600 648 650 654 720 L556 730 L540 680 L524 730 L426 720 C432 650 440 600 452 560 Z',
        legsBareFrom: 720,
      };
    case 'mini-skirt':
      return {
        body: 'M454 560 L626 560 C640 610 656 680 672 750 Q540 770 408 750 C424 680 440 610 454 560 Z',
        legsBareFrom: 750,
      };
    case 'midi-skirt':
      return {
        body: 'M456 560 L624 560 C640 640 672 780 700 960 Q540 990 380 960 C408 780 440 640 456 560 Z',
        legsBareFrom: 960,
      };
    case 'maxi-skirt':
      return {
        body: 'M456 560 L624 560 C644 660 680 840 712 1140 Q540 1170 368 1140 C400 840 436 660 456 560 Z',
        legsBareFrom: 1140,
      };
    default:
      return {
        body: 'M452 560 L628 560 C636 640 640 720 630 820 C622 920 612 1040 606 1166 L550 1166 C548 1040 546 900 540 780 C534 900 532 1040 530 1166 L474 1166 C468 1040 458 920 450 820 C440 720 444 640 452 560 Z',
        legsBareFrom: null,
      };
  }
}

export function dressShape(kind: 'mini' | 'midi' | 'maxi'): { body: string; hemY: number } {
  const hem = kind === 'mini' ? 760 : kind === 'midi' ? 970 : 1140;
  const flare = kind === 'mini' ? 130 : kind === 'midi' ? 165 : 180;
  return {
    body: `M452 330 C468 322 488 316 506 312 Q540 340 574 312 C592 316 612 322 628 330 C648 336 654 362 650 394 C644 450 618 520 622 566 C640 660 ${540 + flare - 10} ${hem - 160} ${540 + flare} ${hem} Q540 ${hem + 26} ${540 - flare} ${hem} C${540 - flare + 10} ${hem - 160} 440 660 458 566 C462 520 436 450 430 394 C426 362 432 336 452 330 Z`,
    hemY: hem,
  };
}

export function shoes(kind: ShoeKind, color: string): string {
  const dark = shade(color, 0.3);
  const sole = kind === 'sneakers' ? '#f4f2ee' : shade(color, 0.5);
  const one = (x: number, flip: number) => {
    const tx = `translate(${x} 1160) scale(${flip} 1)`;
    switch (kind) {
      case 'boots':
        return `<g transform="${tx}"><path d="M-22 -90 L22 -90 L24 10 C40 14 52 22 52 34 L-24 34 Z" fill="${color}" stroke="${dark}" stroke-width="2"/><rect x="-24" y="30" width="76" height="8" rx="3" fill="${sole}"/></g>`;
      case 'heels':
        return `<g transform="${tx}"><path d="M-16 -4 C-4 0 20 8 44 24 C48 30 40 34 32 32 L-4 22 L-14 40 L-20 40 L-22 14 Z" fill="${color}" stroke="${dark}" stroke-width="2"/></g>`;
      case 'sandals':
        return `<g transform="${tx}"><path d="M-18 0 L18 0 L20 8 L-18 8 Z" fill="${color}"/><path d="M-20 22 C0 20 30 22 48 28 L48 34 L-22 34 Z" fill="${sole}"/><path d="M-16 8 C4 14 24 20 40 26" fill="none" stroke="${color}" stroke-width="6"/></g>`;
      default:
        return `<g transform="${tx}"><path d="M-22 -6 L20 -6 C30 4 48 10 56 20 C60 28 58 34 52 34 L-24 34 Z" fill="${color}" stroke="${dark}" stroke-width="2"/><rect x="-24" y="28" width="82" height="9" rx="4" fill="${sole}"/><path d="M0 2 L14 10 M4 -2 L18 6" stroke="${sole}" stroke-width="2.5"/></g>`;
    }
  };
  return one(502, -1) + one(578, 1);
}

export function bagShape(bag: NonNullable<OutfitSpec['bag']>): string {
  const color = resolveColor(bag.color);
  const dark = shade(color, 0.3);
  switch (bag.kind ?? 'shoulder') {
    case 'tote':
      return `<path d="M682 610 C682 560 742 560 742 610" fill="none" stroke="${dark}" stroke-width="7"/><path d="M660 612 L764 612 L776 750 L648 750 Z" fill="${color}" stroke="${dark}" stroke-width="2"/><path d="M660 612 L764 612 L776 750 L648 750 Z" fill="url(#volume)"/>`;
    case 'clutch':
      return `<rect x="340" y="640" width="96" height="58" rx="10" fill="${color}" stroke="${dark}" stroke-width="2"/><path d="M340 660 Q388 690 436 660" fill="none" stroke="${dark}" stroke-width="2"/><circle cx="388" cy="676" r="5" fill="#d4ad4f"/>`;
    default:
      return `<path d="M626 350 L712 620" stroke="${dark}" stroke-width="5"/><rect x="676" y="600" width="92" height="74" rx="14" fill="${color}" stroke="${dark}" stroke-width="2"/><path d="M676 622 L768 622" stroke="${dark}" stroke-width="2"/><circle cx="722" cy="622" r="5" fill="#d4ad4f"/>`;
  }
}

/** Where a bag is drawn (its centre), for close-ups. */
export const BAG_CENTRES: Record<NonNullable<NonNullable<OutfitSpec['bag']>['kind']>, [number, number]> = {
  tote: [712, 680],
  shoulder: [722, 637],
  clutch: [388, 669],
};

/**
 * With the right hand on the hip, a tote or shoulder bag moves to the left arm and shoulder. The
 * clutch is held in the left hand anyway.
 */
export function bagOnLeft(spec: OutfitSpec): boolean {
  return spec.pose === 'hand-on-hip' && (spec.bag?.kind ?? 'shoulder') !== 'clutch';
}
