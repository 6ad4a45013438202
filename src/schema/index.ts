import { builder } from './builder';
import './scalars';
import './content-types';
import './voice.operations';

export const schema = builder.toSchema({ sortSchema: true });
