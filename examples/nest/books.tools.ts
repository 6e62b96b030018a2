/**
 * The MCP face of the library: a Nest provider like any other, whose decorated methods
 * DeclarativeMcpModule finds and serves. Its service is injected by Nest.
 */
import { Injectable } from '@nestjs/common';
import { Resource, Tool } from 'declarative-mcp';
import { z } from 'zod';
import type { Book } from './books.repository';
import { BooksService } from './books.service';

@Injectable()
export class BooksTools {
  constructor(private readonly books: BooksService) {}

  @Tool({
    description: 'Finds books whose title or author contains the text.',
    input: z.object({ text: z.string().min(1) }),
    annotations: { readOnlyHint: true },
  })
  search({ text }: { text: string }): string {
    const found = this.books.search(text);
    if (found.length === 0) return `No book matches "${text}".`;
    return found
      .map((book) => `${book.isbn}  ${book.title} (${book.author}), ${book.copies} left`)
      .join('\n');
  }

  @Tool({
    description: 'Borrows one copy of a book.',
    input: z.object({ isbn: z.string().regex(/^\d{13}$/) }),
  })
  borrow({ isbn }: { isbn: string }): string {
    // A NotFoundException or ConflictException from the service is an isError result.
    const book = this.books.borrow(isbn);
    return `Borrowed "${book.title}"; ${book.copies} left.`;
  }

  @Resource({
    uriTemplate: 'books://{isbn}',
    mimeType: 'application/json',
    description: 'One book.',
  })
  book({ isbn }: { isbn: string }): Book {
    return this.books.get(isbn);
  }
}
