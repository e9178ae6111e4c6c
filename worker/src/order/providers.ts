/** The payment providers by name (`orders.provider`), and which of them this deployment offers. */
import type { Env } from '../env';
import { alipayProvider } from './alipay';
import type { PaymentProvider, ProviderName } from './provider';
import { sandboxProvider } from './sandbox';
import { wechatProvider } from './wechat';

export const PROVIDERS: Record<ProviderName, PaymentProvider> = { alipay: alipayProvider, wechat: wechatProvider, sandbox: sandboxProvider };

/** The providers a buyer can choose here, in the cashier's order. */
export const configuredProviders = (env: Env): PaymentProvider[] => Object.values(PROVIDERS).filter((p) => p.configured(env));

export const providerByName = (name: string): PaymentProvider | undefined => PROVIDERS[name as ProviderName];
