export { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureDemoAccounts, type DemoAccount } from './demoAccounts';
export { seedDemo } from './seedDemo';
