// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Account} from "@openzeppelin/contracts/account/Account.sol";
import {IEntryPoint, PackedUserOperation} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";
import {ERC1155Holder} from "@openzeppelin/contracts/token/ERC1155/utils/ERC1155Holder.sol";
import {ERC721Holder} from "@openzeppelin/contracts/token/ERC721/utils/ERC721Holder.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import {SignerECDSA} from "@openzeppelin/contracts/utils/cryptography/signers/SignerECDSA.sol";
import {ERC7739} from "@openzeppelin/contracts/utils/cryptography/signers/draft-ERC7739.sol";

/// @title The embedded wallet's smart account (ERC-4337, EntryPoint v0.7) with ERC-1271.
/// @notice Built from OpenZeppelin Contracts' audited parts: `Account` (user operations from the
/// EntryPoint), `SignerECDSA` (one owner key) and `ERC7739` (`isValidSignature`: a message or
/// typed data is signed by the owner inside this account's own EIP-712 domain, so a signature made
/// for the owner's key, or for another account of the same key, is never taken as this account's).
/// Its calls are those of the reference SimpleAccount: `execute(dest, value, func)` and
/// `executeBatch(dest[], value[], func[])`, and a user operation is signed by the owner over the
/// EIP-191 hash of the user operation's hash.
contract LatchSmartAccount is Account, SignerECDSA, ERC7739, Initializable, ERC721Holder, ERC1155Holder {
    IEntryPoint private immutable _entryPoint;

    event LatchSmartAccountInitialized(IEntryPoint indexed entryPoint, address indexed owner);

    error BatchLengthsDiffer();

    constructor(IEntryPoint anEntryPoint) SignerECDSA(address(0)) EIP712("Latch Smart Account", "1") {
        _entryPoint = anEntryPoint;
        _disableInitializers();
    }

    /// @notice Sets the owner; the factory calls it in the call that creates the account.
    function initialize(address anOwner) external initializer {
        _setSigner(anOwner);
        emit LatchSmartAccountInitialized(_entryPoint, anOwner);
    }

    /// @notice The owner's address (the key that signs for the account).
    function owner() external view returns (address) {
        return signer();
    }

    function entryPoint() public view override returns (IEntryPoint) {
        return _entryPoint;
    }

    /// @notice One call from the account (through a user operation).
    function execute(address dest, uint256 value, bytes calldata func) external onlyEntryPointOrSelf {
        Address.functionCallWithValue(dest, func, value);
    }

    /// @notice Several calls from the account, in order; any revert reverts them all.
    function executeBatch(
        address[] calldata dest,
        uint256[] calldata value,
        bytes[] calldata func
    ) external onlyEntryPointOrSelf {
        if (dest.length != value.length || dest.length != func.length) revert BatchLengthsDiffer();
        for (uint256 i = 0; i < dest.length; i++) Address.functionCallWithValue(dest[i], func[i], value[i]);
    }

    /// @dev The owner signs a user operation's hash as an EIP-191 message (as with SimpleAccount).
    function _signableUserOpHash(
        PackedUserOperation calldata,
        bytes32 userOpHash
    ) internal pure override returns (bytes32) {
        return MessageHashUtils.toEthSignedMessageHash(userOpHash);
    }

    receive() external payable override {}
}

/// @title Creates each owner's LatchSmartAccount at an address known before it exists.
/// @notice The same calls as the reference SimpleAccountFactory (`createAccount(owner, salt)`,
/// `getAddress(owner, salt)`), so a user operation's `initCode` and the counterfactual address are
/// built the same way. Accounts are ERC-1167 clones of one implementation, created with CREATE2
/// under a salt bound to the owner and initialised in the same call: nobody can take an owner's
/// address first. A clone has no upgrade path.
contract LatchSmartAccountFactory {
    LatchSmartAccount public immutable accountImplementation;

    constructor(IEntryPoint anEntryPoint) {
        accountImplementation = new LatchSmartAccount(anEntryPoint);
    }

    /// @notice The owner's account, created when it does not exist yet (the EntryPoint calls this
    /// with a first user operation's `initCode`).
    function createAccount(address owner, uint256 salt) external returns (LatchSmartAccount account) {
        bytes32 key = _key(owner, salt);
        address predicted = Clones.predictDeterministicAddress(address(accountImplementation), key);
        if (predicted.code.length > 0) return LatchSmartAccount(payable(predicted));
        account = LatchSmartAccount(payable(Clones.cloneDeterministic(address(accountImplementation), key)));
        account.initialize(owner);
    }

    /// @notice The address `createAccount(owner, salt)` creates, or created.
    function getAddress(address owner, uint256 salt) external view returns (address) {
        return Clones.predictDeterministicAddress(address(accountImplementation), _key(owner, salt));
    }

    function _key(address owner, uint256 salt) private pure returns (bytes32) {
        return keccak256(abi.encode(owner, salt));
    }
}
