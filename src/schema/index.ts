import { builder } from './builder';
import './scalars';
import './content-types';
import './voice.operations';
import './knowledge-base.operations';
import './transcript';
import './completion';

export const schema = builder.toSchema({ sortSchema: true });
