/** The Nest module: the library's providers, and DeclarativeMcpModule serving them at /mcp. */
import { Module } from '@nestjs/common';
import { DeclarativeMcpModule } from 'declarative-mcp/nestjs';
import { BooksRepository } from './books.repository';
import { BooksService } from './books.service';
import { BooksTools } from './books.tools';

@Module({
  imports: [
    DeclarativeMcpModule.forRoot({
      name: 'Library',
      version: '1.0.0',
      instructions: 'Search the library, read a book by its ISBN, borrow a copy.',
      path: '/mcp',
    }),
  ],
  providers: [BooksRepository, BooksService, BooksTools],
})
export class AppModule {}
