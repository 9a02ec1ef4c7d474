/** The messages of the errors the error-log demo page makes on purpose. */
export const THROWN_MESSAGE = 'Thrown on purpose by the error log demo';
export const REJECTED_MESSAGE = 'Rejected on purpose by the error log demo';
export const RENDER_MESSAGE = 'A component failed to draw on purpose (error log demo)';
