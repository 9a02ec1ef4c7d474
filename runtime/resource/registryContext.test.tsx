// @vitest-environment happy-dom
/**
 * The registry reaches components through RegistryProvider: a registry object as it is, a lazy
 * one loaded once on first use (the component suspends until then), none at all an error.
 */
import { act, render, renderHook, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyRegistry, RegistryProvider, useRegistry, type LazyRegistry, type Registry } from './registryContext.tsx';
import { withPublished } from './PublishedRegistry.tsx';
import { fixtureRegistry } from './testing/fixtureRegistry.ts';

function Titles() {
  const registry = useRegistry();
  return <p>{Object.keys(registry).join(',')}</p>;
}

describe('RegistryProvider', () => {
  it('gives its registry to the components under it', () => {
    const { result } = renderHook(() => useRegistry(), {
      wrapper: ({ children }) => <RegistryProvider registry={fixtureRegistry}>{children}</RegistryProvider>,
    });
    expect(result.current).toBe(fixtureRegistry);
  });

  it('loads a lazy registry once, on first use, suspending until it is there', async () => {
    let loads = 0;
    let deliver: (r: Registry) => void = () => undefined;
    const source = lazyRegistry(() => {
      loads += 1;
      return new Promise<Registry>((resolve) => {
        deliver = resolve;
      });
    });
    const { rerender } = render(
      <RegistryProvider registry={source}>
        <p>no reader</p>
      </RegistryProvider>,
    );
    expect(loads).toBe(0);
    const tree = (
      <RegistryProvider registry={source}>
        <Suspense fallback={<p>loading</p>}>
          <Titles />
          <Titles />
        </Suspense>
      </RegistryProvider>
    );
    await act(async () => {
      rerender(tree);
      await Promise.resolve();
    });
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      deliver(fixtureRegistry);
      await Promise.resolve();
    });
    expect(screen.getAllByText('Gadget,Region,GadgetPart')).toHaveLength(2);
    expect(loads).toBe(1);
  });

  it('adds the resources published at run time to a registry, lazy or not; a file resource wins a clash', async () => {
    const contract = { ...fixtureRegistry.Gadget!, name: 'Contract', path: 'contract', menu: 'contract' };
    const impostor = { ...fixtureRegistry.Region!, path: 'impostor' };
    const published: Registry = { Contract: contract, Region: impostor };
    expect(withPublished(fixtureRegistry, {})).toBe(fixtureRegistry);
    const plain = withPublished(fixtureRegistry, published) as Registry;
    expect(Object.keys(plain).sort()).toEqual(['Contract', 'Gadget', 'GadgetPart', 'Region']);
    expect(plain.Contract).toBe(contract);
    expect(plain.Region).toBe(fixtureRegistry.Region);
    const lazy = withPublished(
      lazyRegistry(async () => fixtureRegistry),
      published,
    );
    await act(async () => {
      render(
        <RegistryProvider registry={lazy}>
          <Suspense fallback={<p>loading</p>}>
            <Titles />
          </Suspense>
        </RegistryProvider>,
      );
      await Promise.resolve();
    });
    expect(await screen.findByText('Contract,Region,Gadget,GadgetPart')).toBeTruthy();
    expect(((await (lazy as LazyRegistry).load()) as Registry).Region).toBe(fixtureRegistry.Region);
  });

  it('refuses a component outside any provider', () => {
    expect(() => renderHook(() => useRegistry())).toThrow(/no RegistryProvider/);
  });
});
