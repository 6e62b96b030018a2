/**
 * DTO classes shared by the DTO tests: every class-validator feature the schema layer covers, a
 * nested class, and a recursive one.
 */
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsEnum,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from '../../src/schema';

export enum Unit {
  Celsius = 'celsius',
  Fahrenheit = 'fahrenheit',
}

export enum Priority {
  Low = 1,
  High = 2,
}

export class Address {
  @IsString()
  @MinLength(2)
  city!: string;

  @IsOptional()
  @Matches(/^\d{5}$/)
  zip?: string;
}

export class Forecast {
  @IsString()
  @Length(1, 40)
  @JSONSchema({ description: 'City name' })
  city!: string;

  @IsInt()
  @Min(1)
  @Max(14)
  days!: number;

  @IsOptional()
  @IsNumber()
  threshold?: number;

  @IsOptional()
  @IsBoolean()
  metric?: boolean;

  @IsEnum(Unit)
  unit!: Unit;

  @IsEnum(Priority)
  priority!: Priority;

  @IsIn(['today', 'tomorrow'])
  start!: string;

  @IsArray()
  @IsString({ each: true })
  @MaxLength(10, { each: true })
  tags!: string[];

  @ValidateNested()
  @Type(() => Address)
  @JSONSchema({ description: 'Where' })
  address!: Address;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Address)
  stops?: Address[];

  summary(): string {
    return `${this.city}, ${this.days} days`;
  }
}

export class Category {
  @IsString()
  name!: string;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Category)
  children?: Category[];
}

export class Catalog {
  @IsString()
  title!: string;

  @ValidateNested()
  @Type(() => Category)
  root!: Category;
}
