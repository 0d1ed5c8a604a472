/** A document's reference number as printed after its label ("INV/24-25/0042", "DO-2025-118", "PO7781"): at least one digit. */
export const ID_VALUE = /^([A-Za-z0-9][A-Za-z0-9/\-_.]*\d[A-Za-z0-9/\-_]*)/;
