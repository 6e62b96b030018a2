/**
 * Input from a class-validator DTO: no `input` option, the tool's input type is read from its
 * parameter's `design:paramtypes`. The JSON Schema comes from the DTO's decorators (nested
 * classes, enums, arrays, min/max, lengths, patterns), and the arguments arrive as an instance of
 * the class, validated and transformed before the method runs.
 *
 *   npm run build
 *   printf '%s\n' \
 *     '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"shell","version":"1"}}}' \
 *     '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' \
 *     | node build/examples/dto.js
 */
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsEnum,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { JSONSchema, McpApplication, serveStdio, Tool } from 'declarative-mcp';

export enum CabinClass {
  Economy = 'economy',
  Premium = 'premium',
  Business = 'business',
  First = 'first',
}

export class Traveller {
  @IsString()
  @Length(1, 80)
  name!: string;

  @IsInt()
  @Min(0)
  @Max(120)
  age!: number;

  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'Loyalty programme number, when the traveller has one.' })
  loyalty?: string;
}

export class TripRequest {
  @IsString()
  @Matches(/^[A-Z]{3}$/)
  @JSONSchema({ description: 'IATA code of the departure airport, e.g. LIS.' })
  from!: string;

  @IsString()
  @Matches(/^[A-Z]{3}$/)
  @JSONSchema({ description: 'IATA code of the arrival airport, e.g. OSL.' })
  to!: string;

  // class-validator skips @ValidateNested on a missing value: @IsDefined() makes it required.
  @IsDefined()
  @ValidateNested()
  @Type(() => Traveller)
  traveller!: Traveller;

  @IsEnum(CabinClass)
  cabin!: CabinClass;

  @IsInt()
  @Min(1)
  @Max(30)
  nights!: number;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @IsString({ each: true })
  @JSONSchema({ description: 'Extras to add, e.g. "seat" or "bag".' })
  extras?: string[];

  /** A DTO is a class: its methods work inside the tool, since the arguments arrive as an instance. */
  route(): string {
    return `${this.from} → ${this.to}`;
  }
}

export class TripTools {
  @Tool({ description: 'Book a trip for one traveller.' })
  book_trip(trip: TripRequest): string {
    const extras = trip.extras?.length ? ` with ${trip.extras.join(', ')}` : '';
    return `Booked ${trip.route()} for ${trip.traveller.name}, ${trip.cabin} class, ${trip.nights} nights${extras}.`;
  }
}

export const app = McpApplication.create({
  name: 'Trips',
  version: '1.0.0',
  providers: [TripTools],
});

if (require.main === module) {
  serveStdio(app).then((code) => {
    process.exitCode = code;
  });
}
