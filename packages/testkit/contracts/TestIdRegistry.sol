// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title LatchTestIdRegistry
/// @notice A stand-in for Farcaster's IdRegistry (on OP Mainnet) on a local test chain: only the
/// two reads a Sign In With Farcaster verifier makes, `idOf(custody)` and `custodyOf(fid)`, with
/// the registry's names and types. It has no constructor and no writes: its runtime code is placed
/// at the registry's well-known address with `anvil_setCode`, and the test kit fills the two
/// mappings with `anvil_setStorageAt` (`idOf` in slot 0, `custodyOf` in slot 1, Solidity's
/// mapping layout). Only for local test chains.
contract LatchTestIdRegistry {
    mapping(address custody => uint256 fid) public idOf;
    mapping(uint256 fid => address custody) public custodyOf;
}
