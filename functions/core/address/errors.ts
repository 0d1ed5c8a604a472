/** The source address has no address-like content after normalisation (endpoint: 422). */
export class AddressNotNormalisableError extends Error {
  readonly code = '422';
  constructor(message: string) {
    super(message);
    this.name = 'AddressNotNormalisableError';
  }
}

/** The engine's reference data could not be loaded, so it cannot score (endpoint: 503). */
export class AddressEngineUnavailableError extends Error {
  readonly code = '503';
  constructor(message: string) {
    super(message);
    this.name = 'AddressEngineUnavailableError';
  }
}
