import type { Handlers, RequestType } from '../protocol.js'
import { abortRequests } from './abortRequests.js'
import { connectDevice } from './connectDevice.js'
import { connectEmail } from './connectEmail.js'
import { connectOtp } from './connectOtp.js'
import { exportWallet } from './exportWallet.js'
import { getChainId } from './getChainId.js'
import { getUser } from './getUser.js'
import type { HandlerDefinition, Wallet } from './handler.js'
import { isConnected } from './isConnected.js'
import { rpcRequest } from './rpcRequest.js'
import { signOut } from './signOut.js'
import { getSmartAccountEnabledNetworks, initSmartAccount, setPreferredAccount } from './smartAccount.js'
import { connectFarcaster, connectSocial, getFarcasterUri, getSocialRedirectUri } from './social.js'
import { solanaRequestHandler } from './solanaRequest.js'
import { switchNetwork } from './switchNetwork.js'
import { syncDappData } from './syncDappData.js'
import { syncTheme } from './syncTheme.js'
import { updateEmail } from './updateEmail.js'
import { updateEmailPrimaryOtp } from './updateEmailPrimaryOtp.js'
import { updateEmailSecondaryOtp } from './updateEmailSecondaryOtp.js'

/** Every request type of the frame protocol and its handler: one table, one file per handler. */
const table: { [T in RequestType]: HandlerDefinition<T> } = {
  ABORT_REQUESTS: abortRequests,
  CONNECT_DEVICE: connectDevice,
  CONNECT_EMAIL: connectEmail,
  CONNECT_FARCASTER: connectFarcaster,
  CONNECT_OTP: connectOtp,
  CONNECT_SOCIAL: connectSocial,
  EXPORT_WALLET: exportWallet,
  GET_CHAIN_ID: getChainId,
  GET_FARCASTER_URI: getFarcasterUri,
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: getSmartAccountEnabledNetworks,
  GET_SOCIAL_REDIRECT_URI: getSocialRedirectUri,
  GET_USER: getUser,
  INIT_SMART_ACCOUNT: initSmartAccount,
  IS_CONNECTED: isConnected,
  RPC_REQUEST: rpcRequest,
  SET_PREFERRED_ACCOUNT: setPreferredAccount,
  SIGN_OUT: signOut,
  SOLANA_REQUEST: solanaRequestHandler,
  SWITCH_NETWORK: switchNetwork,
  SYNC_DAPP_DATA: syncDappData,
  SYNC_THEME: syncTheme,
  UPDATE_EMAIL: updateEmail,
  UPDATE_EMAIL_PRIMARY_OTP: updateEmailPrimaryOtp,
  UPDATE_EMAIL_SECONDARY_OTP: updateEmailSecondaryOtp,
}

/** The wallet's handler of every request type. */
export function handlersOf(wallet: Wallet): Handlers {
  const out: Partial<Record<RequestType, unknown>> = {}
  for (const type of Object.keys(table) as RequestType[]) out[type] = table[type].create(wallet)
  return out as Handlers
}
