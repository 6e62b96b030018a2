#!/usr/bin/env node
import 'reflect-metadata';
import { runCli } from './index';

runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
