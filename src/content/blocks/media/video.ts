/** The `video` block's data (content format: `video`; spec §2 "Sliders and banners"). */
import { z } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const videoData = z.object({
  /**
   * The video's URL; it plays muted and looped by itself, and '.mp4' is appended when missing
   * (spec §2: "Video blocks autoplay muted and looped, and '.mp4' is appended to the url if
   * missing"). An unsafe URL renders nothing.
   */
  url: z.string().min(1),
});

export const definition = defineBlock({ type: 'video', data: videoData });
