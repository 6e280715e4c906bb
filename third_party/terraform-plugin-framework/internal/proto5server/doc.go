// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package proto5server contains the provider server implementation compatible
// with protocol version 5 (tfprotov5.ProviderServer).
package proto5server
