/** The product's name, defined once for the web app; the server reads it from config. */
export const PRODUCT_NAME = 'Heartline';
export const THEME_COLOR = '#e91e63';
