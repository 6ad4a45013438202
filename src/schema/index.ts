import { builder } from './builder';
import './scalars';
import './content-types';

export const schema = builder.toSchema({ sortSchema: true });
