/** Types for the `zipcodes` data package (US and Canadian postal codes with coordinates). */
declare module 'zipcodes' {
  export interface ZipCodeRecord {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    codes: Record<string, ZipCodeRecord>;
    states: { normalize(state: string): string };
  };
  export default zipcodes;
}
