/** The image a car without photos shows, on its card, its page and its address before its page is built. */
export const NO_PHOTO_URL = '/images/no-photo.svg';
