/** The library's rules, in a service that knows nothing of MCP: it throws Nest's exceptions. */
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { type Book, BooksRepository } from './books.repository';

@Injectable()
export class BooksService {
  constructor(private readonly repository: BooksRepository) {}

  search(text: string): Book[] {
    const needle = text.toLowerCase();
    return this.repository
      .all()
      .filter((book) => `${book.title} ${book.author}`.toLowerCase().includes(needle));
  }

  get(isbn: string): Book {
    const book = this.repository.find(isbn);
    if (book === undefined) throw new NotFoundException(`No book with ISBN ${isbn}.`);
    return book;
  }

  borrow(isbn: string): Book {
    const book = this.get(isbn);
    if (book.copies === 0) throw new ConflictException(`"${book.title}" has no copy left.`);
    const borrowed = { ...book, copies: book.copies - 1 };
    this.repository.save(borrowed);
    return borrowed;
  }
}
