/** The declarative API: decorators that record metadata for the registry to read. */
export {};
