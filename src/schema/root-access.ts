import SchemaBuilder, {
  BasePlugin,
  type FieldNullability,
  type InputFieldMap,
  type InputShapeFromFields,
  type PothosOutputFieldConfig,
  type SchemaTypes,
  type TypeParam,
} from '@pothos/core';
import type { GraphQLFieldResolver, GraphQLResolveInfo } from 'graphql';

/** Who may call a field: a key with access to `partner`, any valid key (`owner`), or anyone (`public`). */
export type AccessScopes = { partner: string } | { owner: true } | { public: true };

/** A field's scopes, fixed or read off its arguments (the partner a field is about is one of them). */
export type FieldAccess<Parent, Args, Context> = AccessScopes | ((parent: Parent, args: Args, context: Context, info: GraphQLResolveInfo) => AccessScopes);

export interface RootAccessOptions<Context> {
  /** Whether the request's caller may have what `scopes` guard. */
  allows: (context: Context, scopes: AccessScopes) => boolean;
  /** What a refused caller is told. */
  refusal: (context: Context) => Error;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Pothos' plugin options are declared by merging into its namespace.
  export namespace PothosSchemaTypes {
    interface Plugins<Types extends SchemaTypes> {
      rootAccess: RootAccessPlugin<Types>;
    }
    interface SchemaBuilderOptions<Types extends SchemaTypes> {
      rootAccess: RootAccessOptions<Types['Context']>;
    }
    // A merged declaration repeats Pothos' type parameters, used or not.
    /* eslint-disable @typescript-eslint/no-unused-vars */
    interface FieldOptions<
      Types extends SchemaTypes,
      ParentShape,
      Type extends TypeParam<Types>,
      Nullable extends FieldNullability<Type>,
      Args extends InputFieldMap,
      ResolveShape,
      ResolveReturnShape,
    > {
      authScopes?: FieldAccess<ParentShape, InputShapeFromFields<Args>, Types['Context']>;
    }
    /* eslint-enable @typescript-eslint/no-unused-vars */
  }
}

type FieldResolver<Types extends SchemaTypes> = GraphQLFieldResolver<unknown, Types['Context'], object>;

/**
 * The `authScopes` option of a field, checked before it resolves; a subscription's once, when
 * it is made, not on each of its events. Our own, in place of Pothos' scope-auth plugin: every
 * scope here is one comparison, and the plugin's per-request cache of evaluated scopes (kept in
 * a WeakMap by context) cost more than the rest of the query's resolvers together (side by side
 * in one process, 11.6 against 10.0 µs per voice query with scope-auth switched off).
 */
export class RootAccessPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(resolver: FieldResolver<Types>, fieldConfig: PothosOutputFieldConfig<Types>): FieldResolver<Types> {
    return fieldConfig.kind === 'Subscription' ? resolver : this.guarded(resolver, fieldConfig);
  }

  override wrapSubscribe(subscribe: FieldResolver<Types> | undefined, fieldConfig: PothosOutputFieldConfig<Types>): FieldResolver<Types> | undefined {
    return subscribe && fieldConfig.kind === 'Subscription' ? this.guarded(subscribe, fieldConfig) : subscribe;
  }

  private guarded(next: FieldResolver<Types>, fieldConfig: PothosOutputFieldConfig<Types>): FieldResolver<Types> {
    const access = fieldConfig.pothosOptions.authScopes as FieldAccess<unknown, object, Types['Context']> | undefined;
    if (!access) return next;
    const { allows, refusal } = this.builder.options.rootAccess;
    return (parent, args, context, info) => {
      const scopes = typeof access === 'function' ? access(parent, args, context, info) : access;
      if (!allows(context, scopes)) throw refusal(context);
      return next(parent, args, context, info);
    };
  }
}

/** The plugin's name, as `plugins` lists it. */
export const ROOT_ACCESS = 'rootAccess';
SchemaBuilder.registerPlugin(ROOT_ACCESS, RootAccessPlugin);
