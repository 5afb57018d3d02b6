/** Loads a kitchen fixture by its real file name: the fixtures are TypeScript run as is (type stripping). */
export function kitchenFixture<Module>(file: string): Promise<Module> {
  return import(new URL(`../fixtures/kitchens/${file}`, import.meta.url).href) as Promise<Module>;
}
