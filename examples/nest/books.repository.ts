/** Where the books live: an in-memory table here, a database in a real application. */
import { Injectable } from '@nestjs/common';

export interface Book {
  isbn: string;
  title: string;
  author: string;
  copies: number;
}

@Injectable()
export class BooksRepository {
  private readonly books = new Map<string, Book>(
    [
      {
        isbn: '9780262510875',
        title: 'Structure and Interpretation of Computer Programs',
        author: 'Abelson, Sussman',
        copies: 2,
      },
      {
        isbn: '9780201633610',
        title: 'Design Patterns',
        author: 'Gamma, Helm, Johnson, Vlissides',
        copies: 0,
      },
      {
        isbn: '9780131103627',
        title: 'The C Programming Language',
        author: 'Kernighan, Ritchie',
        copies: 1,
      },
    ].map((book) => [book.isbn, book]),
  );

  all(): Book[] {
    return [...this.books.values()];
  }

  find(isbn: string): Book | undefined {
    return this.books.get(isbn);
  }

  save(book: Book): void {
    this.books.set(book.isbn, book);
  }
}
