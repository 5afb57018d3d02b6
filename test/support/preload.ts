// Load Nest's ESM packages first: @nestjs/throttler (CommonJS) otherwise requires them in a cycle.
import 'reflect-metadata';
import '@nestjs/common';
import '@nestjs/core';
