// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title A minimal contract account for tests.
/// @notice One owner key. Signatures are checked the ERC-1271 way: `isValidSignature` answers
/// the magic value 0x1626ba7e when the owner's ECDSA signature over the hash recovers to the
/// owner, and 0xffffffff otherwise. The owner can make the account call other contracts.
contract ContractAccount {
    bytes4 private constant MAGIC_VALUE = 0x1626ba7e;
    bytes4 private constant NOT_VALID = 0xffffffff;
    /// Half the secp256k1 group order: larger `s` values are malleable twins (EIP-2).
    uint256 private constant HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    receive() external payable {}

    /// @notice ERC-1271: whether `signature` is the owner's signature of `hash`.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return NOT_VALID;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        if (uint256(s) > HALF_ORDER || (v != 27 && v != 28)) return NOT_VALID;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC_VALUE : NOT_VALID;
    }

    /// @notice Calls `to` with `value` and `data` as this account; only the owner may.
    function execute(address to, uint256 value, bytes calldata data) external payable returns (bytes memory) {
        require(msg.sender == owner, "ContractAccount: caller is not the owner");
        (bool ok, bytes memory result) = to.call{value: value}(data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
        return result;
    }
}
